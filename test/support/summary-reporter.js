// Prints the plain closing line CI reads: "tests: N passed, N failed, N skipped", and before it
// every skipped test by file and name, so a skip is seen where the result is read (the reason
// each suite printed when it skipped is in that suite's console output above).
const { relative } = require('node:path');

class SummaryReporter {
  constructor(globalConfig) {
    this.rootDir = globalConfig.rootDir;
  }

  onRunComplete(_contexts, results) {
    const skippedTests = [];
    for (const file of results.testResults) {
      for (const test of file.testResults) {
        if (test.status === 'pending' || test.status === 'todo' || test.status === 'skipped') {
          skippedTests.push(`${relative(this.rootDir, file.testFilePath)} › ${test.fullName}`);
        }
      }
    }
    if (skippedTests.length > 0) {
      process.stdout.write(`\nskipped tests (${skippedTests.length}):\n${skippedTests.map((t) => `  ${t}`).join('\n')}\n`);
    }
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\ntests: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${skipped} skipped\n`);
  }
}
module.exports = SummaryReporter;
