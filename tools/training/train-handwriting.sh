#!/bin/sh
# Trains and calibrates the local digit reader (libs/handwriting/model), reproducibly for a seed:
#   1. export-glyphs (Node): the reader's own segmented, normalized glyphs of synthesized cells,
#      training cells from MNIST items 0..599, validation cells from items 600..749; and
#      export-photo-glyphs (Node, two processes): glyphs of the written cells of synthetic phone
#      photos (items 0..599) as the page pipeline crops them, the card conditions of CONDITIONS in
#      turn (thin, broken and faint pens, folded cards), added to the training glyphs;
#      export-mnist-glyphs (Node, when MNIST_COPIES > 0): MNIST's own training-range images,
#      MNIST_COPIES times, and its calibration-range images as a second validation set;
#   2. train_digits.py (PyTorch on CPU, Debian's python3-torch at /usr/bin/python3): the network;
#   3. train-handwriting (Node): temperature and accept threshold on calibration-range cells
#      (CALIBRATE=0 skips it: tools/training/replay_member.py replays the network only).
# The network's provenance (digit-classifier.json) records the git commit, every setting below
# (`recipe`) and the sha256 of each glyph file it trained and validated on; replay a member with
#   npm run train:replay -- <member folder> [--member N]   (see libs/handwriting/model/MODEL.md).
# Options through the environment: SEED (7: the synthesized cells and the calibration),
# TRAIN_SEED (SEED: the network's initialization and augmentation), CELLS (24000), PHOTOS (2000),
# MNIST_COPIES (0), EPOCHS (10), THREADS (1), WIDTHS (12,24,32: channels of the convolution blocks), CONVS
# (instead of WIDTHS: each convolution's channels, 'p' where a 2x2 max pool follows, e.g. 24,24p,48,48p,96p), HIDDEN (96),
# ERASE (0: the share of training glyphs with a piece of stroke erased),
# PHOTO_SIZES (export-photo-glyphs' default: the photos' sizes, taken in turn, e.g. 1280x960,2000x1500),
# CONDITIONS (standard,fine-pen,dry-pen,light-pencil,folded: the training photos' card conditions in turn,
# as eval:process names them; standard alone is the photos of members 1..10),
# PHOTO_VALIDATION (0: that many calibration-range photos at the first of PHOTO_SIZES, whose glyphs the trainer reports),
# INIT (a network folder to fine-tune instead of training a new network; its shape replaces WIDTHS, CONVS, HIDDEN),
# RATE (train_digits.py's default: the peak learning rate),
# OUT (libs/handwriting/model), PYTHON (/usr/bin/python3), DATA (a temporary file prefix).
# An ensemble: train members into folders of their own (OUT, TRAIN_SEED), combine them with
# tools/training/combine_ensemble.py, then calibrate the whole with
# node dist/tools/train-handwriting.js --from <folder> --seed 7 (see libs/handwriting/model/MODEL.md);
# tools/training/split_ensemble.py writes an ensemble's members back out as such folders.
set -eu
SEED=${SEED:-7}
TRAIN_SEED=${TRAIN_SEED:-$SEED}
CELLS=${CELLS:-24000}
PHOTOS=${PHOTOS:-2000}
MNIST_COPIES=${MNIST_COPIES:-0}
EPOCHS=${EPOCHS:-10}
THREADS=${THREADS:-1}
WIDTHS=${WIDTHS:-12,24,32}
CONVS=${CONVS:-}
HIDDEN=${HIDDEN:-96}
ERASE=${ERASE:-0}
PHOTO_SIZES=${PHOTO_SIZES:-}
PHOTO_VALIDATION=${PHOTO_VALIDATION:-0}
CONDITIONS=${CONDITIONS:-standard,fine-pen,dry-pen,light-pencil,folded}
INIT=${INIT:-}
RATE=${RATE:-}
CALIBRATE=${CALIBRATE:-1}
OUT=${OUT:-libs/handwriting/model}
PYTHON=${PYTHON:-/usr/bin/python3}
WORK=$(mktemp -d)
DATA=${DATA:-$WORK/glyphs}
trap 'rm -rf "$WORK"' EXIT
# Every setting that shapes the network, for its provenance (INIT as given: a replay names the folder again).
RECIPE=$(printf '{"SEED":"%s","TRAIN_SEED":"%s","CELLS":"%s","PHOTOS":"%s","MNIST_COPIES":"%s","EPOCHS":"%s","THREADS":"%s","WIDTHS":"%s","CONVS":"%s","HIDDEN":"%s","ERASE":"%s","PHOTO_SIZES":"%s","PHOTO_VALIDATION":"%s","CONDITIONS":"%s","INIT":"%s","RATE":"%s"}' \
  "$SEED" "$TRAIN_SEED" "$CELLS" "$PHOTOS" "$MNIST_COPIES" "$EPOCHS" "$THREADS" "$WIDTHS" "$CONVS" "$HIDDEN" "$ERASE" "$PHOTO_SIZES" "$PHOTO_VALIDATION" "$CONDITIONS" "$INIT" "$RATE")
node dist/tools/training/export-glyphs.js --out "$DATA" --cells "$CELLS" --validation-cells 3000 --seed "$SEED"
# The photos (seeds from PHOTO_TRAINING_SEEDS in export-glyphs-seeds.ts) in two halves side by side.
FIRST_PHOTO=$(node -p "require('./dist/tools/training/export-glyphs-seeds.js').PHOTO_TRAINING_SEEDS")
HALF=$((PHOTOS / 2))
node dist/tools/training/export-photo-glyphs.js --out "$DATA.photos-a.bin" --photos "$HALF" --first "$FIRST_PHOTO" --conditions "$CONDITIONS" ${PHOTO_SIZES:+--sizes "$PHOTO_SIZES"} &
FIRST_HALF=$!
node dist/tools/training/export-photo-glyphs.js --out "$DATA.photos-b.bin" --photos "$((PHOTOS - HALF))" --first "$((FIRST_PHOTO + HALF))" --conditions "$CONDITIONS" ${PHOTO_SIZES:+--sizes "$PHOTO_SIZES"}
wait "$FIRST_HALF"
cat "$DATA.photos-a.bin" "$DATA.photos-b.bin" >> "$DATA.train.bin"
if [ "$PHOTO_VALIDATION" -gt 0 ]; then
  node dist/tools/training/export-photo-glyphs.js --out "$DATA.photo-validation.bin" --photos "$PHOTO_VALIDATION" --items calibration --conditions "$CONDITIONS" ${PHOTO_SIZES:+--sizes "${PHOTO_SIZES%%,*}"}
fi
if [ "$MNIST_COPIES" -gt 0 ]; then
  node dist/tools/training/export-mnist-glyphs.js --out "$DATA" --copies "$MNIST_COPIES"
fi
"$PYTHON" tools/training/train_digits.py --data "$DATA" --out "$OUT" --epochs "$EPOCHS" --seed "$TRAIN_SEED" --threads "$THREADS" --widths "$WIDTHS" ${CONVS:+--convs "$CONVS"} --hidden "$HIDDEN" --erase "$ERASE" ${RATE:+--rate "$RATE"} ${INIT:+--init "$INIT"} --recipe "$RECIPE"
if [ "$CALIBRATE" != 0 ]; then
  node dist/tools/train-handwriting.js --from "$OUT" --seed "$SEED"
fi
