// The newsletter feature's public face: the sign-up form (on the home page).
export { NewsletterSignup } from './NewsletterSignup';
