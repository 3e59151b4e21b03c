/** The current time as an ISO-8601 string, the form every timestamp column stores. */
export const now = () => new Date().toISOString();
