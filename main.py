"""Start the game: parse flags, build the app, run the loop."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    import multiprocessing

    # First of all: in a frozen build the opponents' worker process starts this same executable, and this
    # call turns that start into the worker instead of a second game (a no-op when not frozen).
    multiprocessing.freeze_support()
    from ui import applog

    applog.install_crash_handler()  # first: building the flags already loads rules.yaml, which can fail
    from ui.launch import parser

    args = parser().parse_args(sys.argv[1:] if argv is None else argv)
    if args.version:
        from game.version import VERSION

        print(VERSION)
        return 0
    if args.smoke_test is not None or args.net_smoke_test:
        from ui import smoke

        smoke.isolate_home()  # before logging: a smoke test never touches the player's own files
    applog.setup_logging()
    applog.install_crash_handler()
    from ui.launch import build_app, claim_files

    if args.smoke_test is not None or args.net_smoke_test:
        from ui.persist.paths import Paths

        # a smoke test writes its home as a window does: the same lock, so two on one home never both write it
        # (the window's own launch takes it in build_app); it goes with the process
        claim_files(Paths.default())
    if args.smoke_test is not None:
        try:
            return smoke.run_smoke_test(args)
        except Exception as exc:  # the smoke test reports failure by exit status, with a crash report
            applog.write_crash_report(exc)
            raise
    if args.net_smoke_test:
        from ui.net.smoke import run_net_smoke

        return run_net_smoke(args.net_smoke_test)
    build_app(args).run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
