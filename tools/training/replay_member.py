#!/usr/bin/python3
"""Replays one network of the local digit reader from its recorded provenance and compares.

    npm run train:replay -- <folder> [--member N] [--init <folder>] [--out <folder>] [--any-commit]

<folder> holds a digit-classifier.json written by train_digits.py (a member) or by
combine_ensemble.py (then --member N, counted from 1, picks the member). Its provenance must
carry the `recipe` that tools/training/train-handwriting.sh records (networks trained before it
did cannot be replayed this way: see libs/handwriting/model/MODEL.md). The replay runs
train-handwriting.sh with that recipe (CALIBRATE=0: the network only) into --out (a temporary
folder unless given), then prints the recorded and replayed sha256 of every glyph file and of the
weights, and the validation figures side by side. Exit status 0 when the weights are identical
to the bit, 1 when they differ, 2 when the replay could not run.

The code that trains is the recorded commit's: when the training sources (libs, tools,
test/synthesis, the lockfile; docs, specs and the model folder aside) differ between that commit
and the work tree, the replay refuses unless --any-commit (check the commit out in a worktree,
`git worktree add /tmp/at <commit>`, and replay there). A fine-tuned member (recipe INIT) needs
--init: the folder it started from, checked against the recorded weights' sha256.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
TRAINING_SOURCES = ['libs', 'tools', 'test/synthesis', 'package-lock.json',
                    ':(exclude)libs/handwriting/model', ':(exclude)*.md', ':(exclude)*.spec.ts']


def git(*args):
    return subprocess.run(['git', *args], cwd=ROOT, capture_output=True, text=True)


def recorded_network(folder, member):
    with open(os.path.join(folder, 'digit-classifier.json')) as f:
        manifest = json.load(f)
    if 'members' in manifest:
        if member is None or not 1 <= member <= len(manifest['members']):
            raise ValueError(f'{folder} is an ensemble of {len(manifest["members"])} networks: --member 1..{len(manifest["members"])}')
        manifest = manifest['members'][member - 1]
    elif member is not None:
        raise ValueError(f'{folder} holds one network: no --member')
    return manifest['weightsSha256'], manifest.get('provenance') or {}


def changed_sources(commit):
    """Training sources that differ between `commit` and the work tree (None: the commit is unknown here)."""
    if git('cat-file', '-e', f'{commit}^{{commit}}').returncode != 0:
        return None
    diff = git('diff', '--name-only', commit, '--', *TRAINING_SOURCES)
    return [line for line in diff.stdout.splitlines() if line]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    parser.add_argument('folder')
    parser.add_argument('--member', type=int)
    parser.add_argument('--init', help='the folder a fine-tuned member started from')
    parser.add_argument('--out', help='where the replayed network goes (default: a temporary folder, removed)')
    parser.add_argument('--any-commit', action='store_true', help='replay even where the training sources differ from the recorded commit')
    args = parser.parse_args()
    try:
        weights, provenance = recorded_network(args.folder, args.member)
    except (OSError, ValueError, KeyError) as error:
        print(f'replay: {error}', file=sys.stderr)
        return 2
    recipe = provenance.get('recipe')
    if not recipe:
        print('replay: this network records no recipe (trained before train-handwriting.sh recorded one); '
              'its settings are in libs/handwriting/model/MODEL.md', file=sys.stderr)
        return 2
    commit = provenance.get('commit', 'unknown')
    if provenance.get('uncommittedChanges'):
        print(f'replay: note: it was trained with {provenance["uncommittedChanges"]} tracked files changed from {commit}; '
              'the replay runs the committed code', file=sys.stderr)
    changed = changed_sources(commit)
    if changed is None or changed:
        what = f'commit {commit} is not in this repository' if changed is None else \
            f'{len(changed)} training sources differ from {commit}: {", ".join(changed[:8])}{" ..." if len(changed) > 8 else ""}'
        if not args.any_commit:
            print(f'replay: {what}; replay in a worktree at that commit, or pass --any-commit', file=sys.stderr)
            return 2
        print(f'replay: {what}; replaying anyway (--any-commit): identical weights are not expected', file=sys.stderr)
    env = {**os.environ, **{key: str(value) for key, value in recipe.items()}, 'CALIBRATE': '0'}
    if recipe.get('INIT'):
        if not args.init:
            print(f'replay: the member was fine-tuned from {recipe["INIT"]} (weights {provenance["init"]["weightsSha256"]}): --init <that folder>',
                  file=sys.stderr)
            return 2
        try:
            init_weights, _ = recorded_network(args.init, None)
        except (OSError, ValueError, KeyError) as error:
            print(f'replay: --init: {error}', file=sys.stderr)
            return 2
        if init_weights != provenance['init']['weightsSha256']:
            print(f'replay: --init {args.init} has weights {init_weights}, the member started from {provenance["init"]["weightsSha256"]}', file=sys.stderr)
            return 2
        env['INIT'] = args.init
    work = tempfile.mkdtemp(prefix='replay-')
    out = args.out or os.path.join(work, 'member')
    env['OUT'] = out
    print('replaying with ' + ' '.join(f'{k}={v}' for k, v in recipe.items() if v != '' and k != 'INIT') +
          (f' INIT={env["INIT"]}' if recipe.get('INIT') else '') + f' into {out}', flush=True)
    run = subprocess.run(['sh', 'tools/training/train-handwriting.sh'], cwd=ROOT, env=env)
    if run.returncode != 0:
        print(f'replay: train-handwriting.sh failed ({run.returncode})', file=sys.stderr)
        return 2
    replayed_weights, replayed = recorded_network(out, None)
    rows = [(f'glyphs {key}', value, replayed.get('dataSha256', {}).get(key)) for key, value in provenance.get('dataSha256', {}).items()]
    rows.append(('weights', weights, replayed_weights))
    print(f'{"":22} {"recorded":64}  replayed')
    for name, was, now in rows:
        print(f'{name:22} {was:64}  {"same" if was == now else now}')
    for key, value in provenance.get('validation', {}).items():
        print(f'validation {key:11} recorded {value}  replayed {replayed.get("validation", {}).get(key)}')
    if not args.out:
        subprocess.run(['rm', '-rf', work])
    same = weights == replayed_weights
    print('weights identical to the bit' if same else 'weights differ', flush=True)
    return 0 if same else 1


if __name__ == '__main__':
    sys.exit(main())
