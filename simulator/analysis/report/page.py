"""The page template every HTML report shares: its style sheet.

Kept apart from :mod:`.document` so that other pages (the cross-game players report of
:mod:`simulator.analysis.studies.skill`) use the same style without importing the document writer.
"""

CSS = """
body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;max-width:1100px;margin:1.2em auto;padding:0 1em;
color:#222;line-height:1.45}
h1{border-bottom:2px solid #2e86c1;font-size:1.6em;margin:0.3em 0}h2{margin-top:1.6em;border-bottom:1px solid #ccc}
.answers{background:#f6faf6;border-left:4px solid #27ae60;padding:0.4em 1em}
.answers .question{font-size:1.1em;margin:0.4em 0}.answers ol{margin:0.3em 0;padding-left:1.4em}.answers li{margin:0.25em 0}
.answers figure{margin:0.5em 0}.answers img{max-height:600px}
.intro{color:#444;font-size:0.9em}
nav ol{margin:0.2em 0}nav li{margin:0.1em 0}
details{border:1px solid #ddd;border-radius:4px;margin:0.5em 0;padding:0 0.8em}
details[open]{padding-bottom:0.6em}summary{cursor:pointer;font-weight:600;padding:0.45em 0}
.table-box{overflow:auto;max-width:100%;margin:0.8em 0}.table-box.long{max-height:32em;border:1px solid #eee}
table{border-collapse:collapse;font-size:0.85em}th,td{border:1px solid #ccc;padding:3px 7px;text-align:left}
th{background:#eef4f8;position:sticky;top:0}td.n{text-align:right;white-space:nowrap}
caption{caption-side:bottom;font-size:0.85em;color:#555;text-align:left}
figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #ddd}figcaption{font-size:0.85em;color:#555}
@media (max-width:600px){body{padding:0 0.5em;margin:0.5em auto}h1{font-size:1.3em}.answers{padding:0.3em 0.6em}
.answers img{max-height:none}details{padding:0 0.4em}}
"""
