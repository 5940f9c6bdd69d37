import { lazyComponent } from '../lazy';

// The virtualizer and the selection cells (check boxes, radios) load with the grids that use them: a paged grid
// without selection loads neither.
export const VirtualBody = lazyComponent(() => import('./VirtualBody'));
export const SelectionCell = lazyComponent(() => import('./SelectionCell'));
