/**
 * Checks every file in data/ before Gatsby builds anything, and says what is wrong in words the
 * marketing staff who edit the content understand: the file, the entry (counted from 1 and named),
 * the field, what is wrong and what was found. It collects every problem, not just the first.
 * Used by gatsby-node (onPreInit) and by `npm run check-content`.
 *
 * checkFiles.ts reads the files and runs the check; schemaErrors.ts puts the JSON Schema's errors
 * in plain words; beyondSchema.ts checks what a schema cannot express; pictures.ts reads a picture
 * that pictureFacts.ts judges; places.ts names the place of a problem in its file; problems.ts
 * words the report. checkEntry.ts runs the same rules on one entry at the CMS's Save.
 */
export { checkContent } from "./checkFiles"
export { describeProblem, formatProblems, type ContentProblem } from "./problems"
