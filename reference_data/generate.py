#!/usr/bin/env python3
"""Generate (or --check) the fuselab reference files for experiments/*/cases.yaml.

Format: docs/reference-format.md; usage and design: docs/reference-data.md.
Run it with the interpreter scripts/find_python.sh prints:

    $(scripts/find_python.sh) reference_data/generate.py [--only 'rope/*'] [--check]
"""
import argparse
import fnmatch
import sys
from pathlib import Path

from refgen import cases as cases_module
from refgen import check, provenance, runner
from refgen.errors import RefgenError

HERE = Path(__file__).resolve().parent


def parse_args(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", action="append", metavar="PATTERN",
                        help="glob on family/case (repeatable), e.g. 'rope/*' or '*/fx_*'")
    parser.add_argument("--check", action="store_true",
                        help="verify files and inputs against MANIFEST, write nothing; exit 1 listing problems")
    parser.add_argument("--force", action="store_true",
                        help="rewrite files even when up to date (committed fixtures included)")
    parser.add_argument("--skip-sampled", action="store_true",
                        help="leave out storage: sampled cases that are not fixtures (the LLM-size ones)")
    parser.add_argument("--out", type=Path, default=HERE, help="root of the files (default: reference_data/)")
    parser.add_argument("--manifest", type=Path, help="MANIFEST path (default: OUT/MANIFEST)")
    parser.add_argument("--experiments", type=Path, default=HERE.parent / "experiments",
                        help="folder holding <family>/cases.yaml (default: experiments/)")
    parser.add_argument("--device", choices=("auto", "cpu", "cuda"), default="auto",
                        help="where the float64 and float32 math runs (default: CUDA when available)")
    return parser.parse_args(argv)


def select(all_cases, patterns, skip_sampled):
    chosen = [
        case for case in all_cases
        if (not patterns or any(fnmatch.fnmatchcase(case.id, p) for p in patterns))
        and not (skip_sampled and case.sampled and not case.fixture)
    ]
    if not chosen:
        raise RefgenError(f"no case matches --only {' '.join(patterns or [])}; cases are named family/case")
    return chosen


def main(argv=None):
    args = parse_args(argv)
    manifest_path = args.manifest or args.out / "MANIFEST"
    try:
        all_cases = cases_module.load_all(args.experiments)
        chosen = select(all_cases, args.only, args.skip_sampled)
        if args.check:
            everything = not args.only and not args.skip_sampled
            problems = check.check(chosen, args.out, manifest_path,
                                   [case.path for case in all_cases] if everything else None, print_flush)
            for problem in problems:
                print(f"problem: {problem}", file=sys.stderr)
            print(f"{len(chosen)} cases checked, {len(problems)} problems", file=sys.stderr)
            return 1 if problems else 0
        device = provenance.pick_device(args.device)
        runner.generate(chosen, args.out, manifest_path, device, args.force, print_flush)
        return 0
    except RefgenError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1


def print_flush(line):
    print(line, flush=True)


if __name__ == "__main__":
    sys.exit(main())
