/** Longest name of a saved view, in characters (here, without zod, for the name form's first load; ./forms checks it). */
export const MAX_VIEW_NAME_LENGTH = 80;
