#!/usr/bin/env node
// The suite's command, from any working directory: compiled in the package, from source in a clone.
import { runsCompiled } from './startProgram.mjs';

await ((await runsCompiled()) ? import('../cli/main.js') : import('../cli/main.ts'));
