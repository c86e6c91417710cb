#!/usr/bin/env bash
# action.yml's run step: `run` with the inputs as arguments, on SUITE_NODE (suiteNode.sh);
# with client-command, `client -- bash -c COMMAND` instead: the integrator's client, run as a
# step's `run` is, judged by every request it makes (manifest and wait-for-target are run's).
# `args` holds one argument per line, so one may contain spaces (`--grep=two words`,
# or `--grep` and `two words` on two lines); blank lines and the spaces around a line
# are dropped. The suite's stderr is shown as it comes and kept in a file (output
# `stderr`): on a setup error (exit 2) its last line is the reason, for the annotation.
# Outputs `exit-code`; the step itself always succeeds, action.yml's last step fails it.
set -uo pipefail

usage_error=
if [ -n "${INPUT_CLIENT_COMMAND:-}" ]; then
  args=(client --report-dir "$INPUT_REPORT_DIR")
  for input in manifest wait-for-target; do
    name="INPUT_${input//-/_}"
    name="${name^^}"
    [ -n "${!name:-}" ] && usage_error="banking-api-conformance action: the input $input goes with run, not with client-command (your client is judged against the embedded emulator); drop one of them"
  done
else
  args=(run --report-dir "$INPUT_REPORT_DIR")
  [ -n "$INPUT_MANIFEST" ] && args+=(--target "$INPUT_MANIFEST")
  [ -n "$INPUT_WAIT_FOR_TARGET" ] && args+=(--wait-for-target "$INPUT_WAIT_FOR_TARGET")
fi
while IFS= read -r line || [ -n "$line" ]; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -z "$line" ] && continue
  # Until v0 `args` was split on whitespace: say so where a line still relies on it.
  [[ $line =~ ^-[^=[:space:]]+[[:space:]] ]] &&
    echo "::warning title=banking-api-conformance args::'${line//%/%25}' is passed as one argument (args takes one per line): write ${line%%[[:space:]]*}=VALUE, or the value on the next line"
  args+=("$line")
done <<<"$INPUT_ARGS"
[ -n "${INPUT_CLIENT_COMMAND:-}" ] && args+=(-- bash -c "$INPUT_CLIENT_COMMAND")

stderr_file=$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/banking-api-conformance-stderr.XXXXXX")
echo "stderr=$stderr_file" >>"$GITHUB_OUTPUT"
# The suite and anything it starts by name run on SUITE_NODE; this PATH ends with the step.
PATH="$(dirname "$SUITE_NODE"):$PATH"
export PATH
if [ -n "$usage_error" ]; then
  # As the suite says a usage error: one line on stderr, exit 2.
  echo "$usage_error" | tee "$stderr_file" >&2
  code=2
else
  {
    "$SUITE_NODE" "$GITHUB_ACTION_PATH/bin/banking-api-conformance.mjs" "${args[@]}" 2>&1 1>&3 3>&- | tee "$stderr_file" >&2
    code=${PIPESTATUS[0]}
  } 3>&1
fi
echo "exit-code=$code" >>"$GITHUB_OUTPUT"
