/**
 * Full-page navigation to another site (the payment provider's checkout). Kept behind an object
 * so tests can replace `assign`: jsdom cannot navigate and its `location` cannot be spied on.
 */
export const leavePage = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
