import type { JobModule } from '@bet/kit';
import type { AppContext } from '../context';

import { announceFiguresJob } from './announce-figures';

/** The read models move with their events; the only periodic work is telling admins. */
export const jobs: JobModule<AppContext>[] = [announceFiguresJob];
