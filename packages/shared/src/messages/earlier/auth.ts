/** Signing up and signing in. */
export const authMessages = {
  signupRequired: 'All fields are required!',
  signupSuccess: 'Signup successful!',
  signupError: (message: string) => `Error: ${message}`,
  signingUp: 'Signing up...',
  loginRequired: 'Please fill in both email and password',
  loginSuccess: 'Login successful!',
  loginError: (message: string) => `Error: ${message}`,
  loggingIn: 'Logging in...',
  invalidCredentials: 'Invalid email or password.',
  notAdmin: 'Access denied. You are not an admin.',
  adminRegistrationFailed: 'Registration failed. Please try again.',
  passwordsDoNotMatch: 'Passwords do not match!',
} as const;
