"""``python -m lexnli``: the ``lexnli`` command (:mod:`command.main`), where its console script is not
on the PATH. The command layer is imported when this runs, never by ``import lexnli``."""
import sys


def main(argv=None) -> int:
    """Run the ``lexnli`` command on ``argv`` (default: the command line); return its exit status."""
    from command.main import main as run  # the layer above, imported when run

    return run(argv)


if __name__ == "__main__":
    sys.exit(main())
