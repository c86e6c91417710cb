#!/usr/bin/env node
// Runs the TypeScript sources directly through tsx, from any working directory.
import { register } from 'tsx/esm/api';

register();
await import('../emulator/main.ts');
