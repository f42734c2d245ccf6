import { resourceOperations } from '../../shared/routing';
import { findNextFreeSlot } from './findNextFree';

export const slotDescription = resourceOperations('slot', [findNextFreeSlot], 'findNextFree');
