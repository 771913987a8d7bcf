/**
 * The line under a paged list, "Showing 24 of 130 jobs", from the list's noun (one, many). A total the server
 * stopped counting at (`totalAtLeast`: a search matching more than it counts) reads "1000+".
 */
export const showing =
  (one: string, many: string) =>
  (shown: number, total: number, atLeast = false) =>
    `Showing ${shown} of ${total}${atLeast ? '+' : ''} ${total === 1 && !atLeast ? one : many}`;
