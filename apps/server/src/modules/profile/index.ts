export { createProfiles, type ProfileDeps, type Profiles } from './profile.service.ts';
export { registerProfileRoutes } from './profile.routes.ts';
