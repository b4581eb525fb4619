#!/bin/sh
# Fails while a document still has a known typo.
if grep -rn 'teh ' docs README.md; then
  echo 'check failed: typos above'
  exit 1
fi
echo 'check passed: no typos in docs'
