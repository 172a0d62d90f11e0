import type { JobModule } from '@bet/kit';
import type { AppContext } from '../context';

/** No periodic work: every read model moves with the events that feed it. */
export const jobs: JobModule<AppContext>[] = [];
