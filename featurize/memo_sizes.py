"""How many sentences, and how many pairs, the memos of the feature families remember.

The families read a batch one after another, so a sentence's analysis (its polarity marking,
propositions, skeleton, alignment analysis, bags of words) is asked for again up to a batch later:
each memo must hold one batch's sentences, at most twice the 2,048 pairs of a default batch; the
premises SNLI repeats come in the same batch as each other. Holding more costs memory and saves no
time: :data:`SENTENCES` at 2**16 held 0.2 GB more than at 2**14 while featurizing 30,000 train
pairs with the ``inference`` preset, in the same time.
"""

#: Distinct sentences each per-sentence memo keeps (least recently used first out).
SENTENCES = 2**14

#: Distinct pairs each :class:`~featurize.families.registry.MemoizedReference` keeps (it starts
#: again when it holds more). Its reuse is a pair featurized again: the folds of a cross-validation
#: or a refit, on a few thousand pairs; a train set read once gains nothing. Keeping 1,000,000
#: held 373 MiB more (resident, sampled) once ``experiments.inference`` had featurized its 70,351
#: training pairs, which took 39.2 s against 39.9 s with 2**14.
PAIRS = 2**14
