#!/bin/sh
# A wc-sim with a planted fault, to show that utils/wc-fuzz.py catches one:
# runs the real simulator ($WC_SIM) and, for runs after the pipeline named
# by $FAULTY_PASS, either changes the first number of every printed memref
# (FAULT=wrong) or dies of a segmentation fault (FAULT=crash).
case "$*" in
  *"$FAULTY_PASS"*)
    if [ "$FAULT" = crash ]; then
      kill -SEGV $$
    fi
    "$WC_SIM" "$@" | sed 's/^\[\(-\{0,1\}[0-9]\)/[9\1/'
    ;;
  *) exec "$WC_SIM" "$@" ;;
esac
