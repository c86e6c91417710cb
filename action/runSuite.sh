#!/usr/bin/env bash
# action.yml's run step: `run` with the inputs as arguments, on SUITE_NODE (suiteNode.sh).
# With client-command and no manifest, `client -- bash -c COMMAND` instead: the integrator's
# client, run as a step's `run` is, judged against the embedded emulator (args are client's).
# With client-command and a manifest, both, one after the other against the manifest's
# target: `run` (args, report-dir), then `client --target` (client-args, client-report-dir),
# so the sandbox and the client against it are judged in one step; the client is judged
# whatever the run's verdict.
# `args` and `client-args` hold one argument per line, so one may contain spaces (`--grep=two
# words`, or `--grep` and `two words` on two lines); blank lines and the spaces around a line
# are dropped. Each suite's stderr is shown as it comes and kept in a file (outputs `stderr`,
# `client-stderr`): on a setup error (exit 2) its last line is the reason, for the annotation.
# Outputs `exit-code` (and `client-exit-code` when both run); the step itself always succeeds,
# action.yml's last step fails it.
set -uo pipefail

# Appends the lines of $2 to the array named $1, one argument each.
append_lines() {
  local -n into=$1
  local line
  while IFS= read -r line || [ -n "$line" ]; do
    line="${line#"${line%%[![:space:]]*}"}"
    line="${line%"${line##*[![:space:]]}"}"
    [ -z "$line" ] && continue
    # Until v0 `args` was split on whitespace: say so where a line still relies on it.
    [[ $line =~ ^-[^=[:space:]]+[[:space:]] ]] &&
      echo "::warning title=banking-api-conformance args::'${line//%/%25}' is passed as one argument (args takes one per line): write ${line%%[[:space:]]*}=VALUE, or the value on the next line"
    into+=("$line")
  done <<<"$2"
}

client_command=${INPUT_CLIENT_COMMAND:-}
client_args=${INPUT_CLIENT_ARGS:-}
client_report_dir=${INPUT_CLIENT_REPORT_DIR:-}
usage_error=
run_args=()
client=()
if [ -z "$client_command" ]; then
  [ -n "$client_args" ] && usage_error="banking-api-conformance action: the input client-args goes with client-command; give client-command or drop client-args"
  run_args=(run --report-dir "$INPUT_REPORT_DIR")
  [ -n "$INPUT_MANIFEST" ] && run_args+=(--target "$INPUT_MANIFEST")
  [ -n "$INPUT_WAIT_FOR_TARGET" ] && run_args+=(--wait-for-target "$INPUT_WAIT_FOR_TARGET")
  append_lines run_args "$INPUT_ARGS"
elif [ -z "$INPUT_MANIFEST" ]; then
  [ -n "$INPUT_WAIT_FOR_TARGET" ] && usage_error="banking-api-conformance action: the input wait-for-target goes with manifest (client-command without it judges your client against the embedded emulator); give manifest or drop wait-for-target"
  client=(client --report-dir "$INPUT_REPORT_DIR")
  append_lines client "$INPUT_ARGS"
  append_lines client "$client_args"
else
  "$SUITE_NODE" -e 'const { resolve } = require("path"); process.exit(resolve(process.argv[1]) === resolve(process.argv[2]) ? 0 : 1)' \
    "$INPUT_REPORT_DIR" "$client_report_dir" &&
    usage_error="banking-api-conformance action: the inputs report-dir and client-report-dir name the same folder ($INPUT_REPORT_DIR); the run's reports and the client's need one each"
  run_args=(run --report-dir "$INPUT_REPORT_DIR" --target "$INPUT_MANIFEST")
  client=(client --report-dir "$client_report_dir" --target "$INPUT_MANIFEST")
  if [ -n "$INPUT_WAIT_FOR_TARGET" ]; then
    run_args+=(--wait-for-target "$INPUT_WAIT_FOR_TARGET")
    client+=(--wait-for-target "$INPUT_WAIT_FOR_TARGET")
  fi
  append_lines run_args "$INPUT_ARGS"
  append_lines client "$client_args"
fi
[ -n "$client_command" ] && client+=(-- bash -c "$client_command")

# The suite and anything it starts by name run on SUITE_NODE; this PATH ends with the step.
PATH="$(dirname "$SUITE_NODE"):$PATH"
export PATH

# Runs the suite with the arguments after $1, its stderr shown and kept in a new file whose path
# goes to the output named $1; sets `code` to its exit code.
suite() {
  local output=$1
  shift
  local stderr_file
  stderr_file=$(mktemp "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/banking-api-conformance-stderr.XXXXXX")
  echo "$output=$stderr_file" >>"$GITHUB_OUTPUT"
  if [ -n "$usage_error" ]; then
    # As the suite says a usage error: one line on stderr, exit 2.
    echo "$usage_error" | tee "$stderr_file" >&2
    code=2
    return
  fi
  {
    "$SUITE_NODE" "$GITHUB_ACTION_PATH/bin/banking-api-conformance.mjs" "$@" 2>&1 1>&3 3>&- | tee "$stderr_file" >&2
    code=${PIPESTATUS[0]}
  } 3>&1
}

if [ ${#run_args[@]} -eq 0 ]; then
  suite stderr "${client[@]}"
  echo "exit-code=$code" >>"$GITHUB_OUTPUT"
  exit 0
fi
suite stderr "${run_args[@]}"
echo "exit-code=$code" >>"$GITHUB_OUTPUT"
if [ ${#client[@]} -gt 0 ] && [ -z "$usage_error" ]; then
  suite client-stderr "${client[@]}"
  echo "client-exit-code=$code" >>"$GITHUB_OUTPUT"
fi
