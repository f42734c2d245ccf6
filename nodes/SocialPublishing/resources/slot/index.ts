import { resourceOperations } from '../../shared/routing';
import { findNextFreeSlot } from './findNextFree';

export const slotOperations = [findNextFreeSlot];

export const slotDescription = resourceOperations('slot', slotOperations, 'findNextFree');
