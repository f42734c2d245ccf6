import { findNextFreeSlot } from './findNextFree';

export const slotOperations = [findNextFreeSlot];
