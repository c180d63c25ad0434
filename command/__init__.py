"""The ``lexnli`` command: predict, evaluate, train and fetch in one line (``lexnli --help``).

The top layer of the package: it may call the experiments' training recipes; nothing imports it.
"""
