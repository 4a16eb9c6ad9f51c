// Relations between series (issue 39 §5): an adaptation and its source with their chapter map, a
// sequel and its prequel, a spin-off; the team's edits and what readers are shown.
export { relationsRoutes } from './relations.routes';
export { createRelationsService } from './relations.service';
