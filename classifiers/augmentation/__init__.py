"""Training pairs made from training premises by rule: one-word substitutions
(:mod:`~classifiers.augmentation.substitutions`) and compositional rewrites
(:mod:`~classifiers.augmentation.compositional`), which the ``inference`` model trains on
(:mod:`classifiers.recipes`) and the probe sets are made with (``experiments.make_probes``, from dev
premises)."""
