"""Playing a run: chunks played with joblib or Dask and stored as they end (:mod:`.runner`), the
sequential comparison that stops once decided (:mod:`.sequential`), the summary printed after a
run (:mod:`.summary`), the one table printer (:mod:`.tables`) and the bounds of every number a
user gives (:mod:`.limits`).  Sits on :mod:`~simulator.core.engine`,
:mod:`~simulator.core.players` and :mod:`~simulator.core.store`.
"""
