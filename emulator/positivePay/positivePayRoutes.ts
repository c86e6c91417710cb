import type { EmulatorArea } from '../core/area.ts';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { behaviourWith } from '../faults/edgeFault.ts';
import { unlabelledGzipHook } from '../faults/answerCoding.ts';
import { registerDocumentRoutes } from './documentRoutes.ts';
import { positivePayFaults } from './faults.ts';
import { correctPositivePay } from './positivePayBehaviour.ts';
import { registerPolicyRoutes } from './policyRoutes.ts';
import { registerRuleRoutes } from './ruleRoutes.ts';
import { positivePayVariations } from './variations.ts';

// Sections 4.1 and 4.2: positive pay policy, product opt-in, rules and documents.
export const registerPositivePayRoutes: EmulatorArea = async (app, state) => {
  const behaviour = behaviourWith(correctPositivePay, [...positivePayFaults, ...positivePayVariations], state.faults);
  await app.register(async (scoped) => {
    if (!behaviour.servesJsonApiMediaType) {
      // Mislabels every answer of this area, errors included.
      scoped.addHook('onSend', async (_request, reply, payload) => {
        if (String(reply.getHeader('content-type') ?? '').startsWith(JSON_API)) reply.type('application/json; charset=utf-8');
        return payload;
      });
    }
    // Registered after the media type's hook, so the coded bytes are the last word.
    if (behaviour.codesAnswersUnlabelled) scoped.addHook('onSend', unlabelledGzipHook());
    registerPolicyRoutes(scoped, state, behaviour);
    registerRuleRoutes(scoped, state, behaviour);
    await registerDocumentRoutes(scoped, state, behaviour);
  });
};
