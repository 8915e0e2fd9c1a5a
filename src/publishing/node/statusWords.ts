/**
 * What the staff read of a publish, on GitHub's commit and in the staff's page: plain words,
 * saying what happened to the live site and what to do. The content check's own message is
 * given as it is, since it names the file, the entry and the field.
 */

const short = (sha: string) => sha.slice(0, 7)

export const statusWords = {
  waiting: (building: string | undefined) =>
    building
      ? `Waiting: the change ${short(building)} is being built first`
      : "Waiting to be built",
  building: "Building the site with this change",
  live: "Live on the site",
  liveWith: (newer: string) => `Live on the site, with the later change ${short(newer)}`,
  replaced: (newer: string) =>
    `Not published: the branch moved on to ${short(newer)} before this was built`,
  alreadyLive: "Already live on the site",
  previewReady: "Preview ready: the draft as the site would show it",
  failed: (reason: string) => `Not published: ${reason}`,
  /** An undo of a version no longer live (the staff's page showed an older state). */
  undoOfAnother:
    "The live version changed since this page showed it (a publish, another undo, or a dated article's day that made it anew): nothing was undone. Look at what is live now: if it is still wrong, undo it here where an earlier version is kept, or change it in the editor and publish.",
  previewFailed: (reason: string) => `No preview: ${reason}`,
  publishingAgain:
    "It is being built again, and this list follows it: live within a few minutes, if the fault is mended.",
  /** The first release's name, where the server's app folder is no Git checkout. */
  setUpVersion: "the version the server was set up with",
  nothingToPublishAgain:
    "There is nothing to publish again: the newest publish is live, under way, or refused for its content (change that in the editor).",
}

/** Why a build failed, by kind, for the status and the staff's page. */
export const failureWords = {
  content: (problems: string) => `the content check refused it: ${problems}`,
  build: (error: string) => `the site could not be built (${error})`,
  /** A picture the content check let through, that the build could not read. */
  picture: (file: string) =>
    `the site could not be built: the picture ${file} cannot be read (it may be damaged); save it again in a photo app, upload it again in the editor, and publish`,
  stopped: (what: string) => `${what}; publish it again from the members' list page (Publishing)`,
  /** A draft's preview has no "publish again": a new save builds a new one. */
  previewStopped: (what: string) =>
    `${what}; change anything in the draft and save it again in the editor for a new preview`,
  disk: (freeMb: number, neededMb: number) =>
    `the server's disk is full (${freeMb} MB free, a build needs ${neededMb} MB): whoever manages the server must make room`,
  diskDuring:
    "the server's disk filled up during the build: whoever manages the server must make room",
  server: (what: string) => `the site's server did not start with this version (${what})`,
  nginx: (what: string) =>
    `nginx did not take this version's page policy (${what}): the site is as it was, and whoever manages the server must look at nginx`,
  repository: (what: string) =>
    `the repository could not be read (${what}): whoever manages the server must look at its access to GitHub (PUBLISH_REPO and its token)`,
  serverStopped:
    "the server stopped before this was finished; as it starts again it publishes the newest change, and builds the drafts' previews again",
  undoneMeanwhile: "an undo changed the live version while this was built; the undo stays",
  draftBehindOnPackages:
    "this draft was begun before the site's code changed, and needs the packages of then: change anything in it and save it again in the editor, which brings it up to date, for a new preview",
  noBranch: (branch: string) => `the branch ${branch} is not in the repository`,
  /** In place of a path on the server, in a reason the staff and GitHub read. */
  serverFolder: "(a folder on the server)",
}
