/**
 * What the contract check found in this test file's process: the answers that kept the API's contract and the problems
 * of those that did not. A module without imports, so that the setup file that reads it loads nothing else.
 */
export const contractTally = { checked: 0, problems: [] as string[] };
