/**
 * A refusal or failure of a code sandbox (bad input, a forbidden statement, a limit reached). Its
 * message is written for the model, which sees it as the tool's error result and can correct itself.
 */
export class SandboxError extends Error {}
