/**
 * Leaving the app for the sandbox checkout page: a whole-page navigation, behind an object so tests
 * can watch it (jsdom cannot navigate).
 */
export const checkoutNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
