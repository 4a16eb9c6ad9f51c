// Profile (identity): the reader's own username, bio and avatar (issue 36 §1).
export { profileRoutes } from './profile.routes';
export { createProfileService } from './profile.service';
