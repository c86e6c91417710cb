import { batchSizes } from './cases/batchSizes.ts';
import { caseSwappedSignature } from './cases/caseSwappedSignature.ts';
import { duplicateInBatch } from './cases/duplicateInBatch.ts';
import { lateRedelivery } from './cases/lateRedelivery.ts';
import { escapedCharactersLayout, keyOrderLayout, whitespaceLayout } from './cases/layoutCases.ts';
import { missingSignature } from './cases/missingSignature.ts';
import { otherToken } from './cases/otherToken.ts';
import { resentEvent } from './cases/resentEvent.ts';
import { emptySignature, lastCharacterChanged, signatureCutShort, signatureWithCharactersAppended } from './cases/sharedStartForgeries.ts';
import { tamperedBody } from './cases/tamperedBody.ts';
import { unknownEventType } from './cases/unknownEventType.ts';
import { unknownTypeInBatch } from './cases/unknownTypeInBatch.ts';
import { validDelivery } from './cases/validDelivery.ts';
import type { ReceiverCase } from './receiverCase.ts';

// Every receiver case, in the order they run: the sandbox's correct deliveries
// first, then the crafted ones.
export const RECEIVER_CASES: readonly ReceiverCase[] = [
  validDelivery,
  unknownEventType,
  resentEvent,
  batchSizes,
  duplicateInBatch,
  unknownTypeInBatch,
  lateRedelivery,
  tamperedBody,
  otherToken,
  missingSignature,
  lastCharacterChanged,
  signatureCutShort,
  emptySignature,
  signatureWithCharactersAppended,
  caseSwappedSignature,
  whitespaceLayout,
  keyOrderLayout,
  escapedCharactersLayout,
];
