#!/usr/bin/env node
// The emulator's command, from any working directory: compiled in the package, from source in a clone.
import { runsCompiled } from './startProgram.mjs';

await ((await runsCompiled()) ? import('../emulator/main.js') : import('../emulator/main.ts'));
