#!/usr/bin/env bash
# Placeholder until pyworker lands: fetches nothing yet.
exit 0
