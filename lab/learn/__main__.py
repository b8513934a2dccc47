"""``python3 -m lab.learn train --minutes 60`` resumes training from ``lab/learn/checkpoints/latest.npz``;
``eval --level hard --deals 40`` measures the checkpoint; ``ship`` copies it to the game's weights file;
``plot`` redraws the learning curve; ``standing --deals 100`` measures master against the panel, paired with
hard. ``train --smoke`` is a few seconds' run in a temporary folder (CI)."""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

from lab.learn.train import CHECKPOINTS, HERE, Settings, train


def main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["standing"]:  # its own options (lab.learn.standing)
        from lab.learn.standing import main as standing

        return standing(given[1:])
    parser = argparse.ArgumentParser(prog="python3 -m lab.learn", description=__doc__.split("\n")[0])
    sub = parser.add_subparsers(dest="what", required=True)
    t = sub.add_parser("train", help="train from the last checkpoint")
    t.add_argument("--minutes", type=float, default=60.0)
    t.add_argument("--folder", type=Path, default=CHECKPOINTS)
    t.add_argument("--eval-minutes", type=float, default=15.0)
    t.add_argument("--imitate", type=int, default=200_000, help="teacher decisions before self-play starts")
    t.add_argument("--smoke", action="store_true", help="a few seconds in a temporary folder")
    e = sub.add_parser("eval", help="the checkpoint against 3 of a level")
    e.add_argument("--level", default="normal")
    e.add_argument("--deals", type=int, default=40)
    e.add_argument("--weights", type=Path, default=CHECKPOINTS / "latest.npz")
    e.add_argument("--workers", type=int, default=1)
    sub.add_parser("plot", help="redraw lab/notes/learning-curve.png")
    s = sub.add_parser("ship", help="copy the checkpoint to game/ai/learned/master.npz")
    s.add_argument("--weights", type=Path, default=CHECKPOINTS / "latest.npz")
    sub.add_parser("standing", help="master and hard against the panel, paired (--help for its options)")
    args = parser.parse_args(given)
    if args.what == "train":
        if args.smoke:
            with tempfile.TemporaryDirectory() as tmp:
                quick = Settings(minutes=0.05, imitate_decisions=200, deals_per_round=1, imitate_steps=2,
                                 selfplay_steps=2, batch=32, buffer_rows=4000, eval_minutes=0, folder=Path(tmp))
                meta = train(quick)
                assert (Path(tmp) / "latest.npz").exists()
            print(f"smoke run: {meta['decisions']} decisions, {meta['steps']} steps")
            return 0
        train(Settings(minutes=args.minutes, imitate_decisions=args.imitate, eval_minutes=args.eval_minutes,
                       folder=args.folder))
        return 0
    if args.what == "eval":
        from lab.learn.measure import against

        win, ci = against(args.weights, args.level, args.deals, workers=args.workers)
        print(f"master vs 3 {args.level}, {args.deals} duplicate deals: {win:.1%} ± {ci:.1%}")
        return 0
    if args.what == "plot":
        from lab.learn.plot import draw

        draw(CHECKPOINTS / "log.jsonl", HERE.parent / "notes" / "learning-curve.png")
        return 0
    from game.ai.master import WEIGHTS

    shutil.copyfile(args.weights, WEIGHTS)
    print(f"copied {args.weights} to {WEIGHTS}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
