import type { JobModule } from '@bet/kit';
import type { AppContext } from '../context';

import { announceFiguresJob } from './announce-figures';
import { republishPromotionsJob } from './republish-promotions';

/** The read models move with their events; the periodic work is telling admins and other services. */
export const jobs: JobModule<AppContext>[] = [announceFiguresJob, republishPromotionsJob];
