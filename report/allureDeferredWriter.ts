import { copyFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Globals, TestResult, TestResultContainer } from 'allure-js-commons';
import type { Category, EnvironmentInfo } from 'allure-js-commons/sdk';
import { FileSystemWriter, type Writer } from 'allure-js-commons/sdk/reporter';

// allure-js-commons' own writer writes each result and attachment with a synchronous
// open, write, fsync and rename: about 1,500 files a full run, seconds of the main
// thread, which also serves the embedded emulator. These are written without fsync
// and off the thread; settled() waits for them and names the first that failed.

export class DeferredAllureWriter implements Writer {
  private readonly pending: Array<Promise<void>> = [];
  private readonly failures: string[] = [];
  /** The two files written once, at start: allure's own writer. */
  private readonly once: FileSystemWriter;

  constructor(private readonly resultsDir: string) {
    this.once = new FileSystemWriter({ resultsDir });
  }

  private track(name: string, write: Promise<void>): void {
    this.pending.push(write.catch((error: Error) => void this.failures.push(`${join(this.resultsDir, name)}: ${error.message}`)));
  }

  private put(name: string, data: string | Buffer): void {
    this.track(name, writeFile(join(this.resultsDir, name), data));
  }

  writeResult(result: TestResult): void {
    this.put(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  writeGroup(result: TestResultContainer): void {
    this.put(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  writeAttachment(distFileName: string, content: Buffer): void {
    this.put(distFileName, content);
  }

  writeAttachmentFromPath(distFileName: string, from: string): void {
    this.track(distFileName, copyFile(from, join(this.resultsDir, distFileName)));
  }

  writeGlobals(distFileName: string, info: Globals): void {
    this.put(distFileName, JSON.stringify(info));
  }

  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.once.writeEnvironmentInfo(info);
  }

  writeCategoriesDefinitions(categories: Category[]): void {
    this.once.writeCategoriesDefinitions(categories);
  }

  /** Resolves when every file is written; rejects naming the first that was not. */
  async settled(): Promise<void> {
    await Promise.all(this.pending);
    if (this.failures.length > 0)
      throw new Error(`${this.failures.length} Allure result file(s) could not be written, the first ${this.failures[0]}`);
  }
}
