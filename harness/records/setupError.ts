// The other end of a run besides a verdict: something the user set up (a flag's value, a file,
// a key, the target's reachability) is wrong, so nothing was judged and the command exits 2.
// Here, at the lowest layer that raises it, so cli/, run/, container/ and harness/ share one class.

export class SetupError extends Error {}
