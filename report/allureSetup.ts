import * as allure from 'allure-js-commons';
import { afterEach } from 'vitest';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { allureView } from './allureLabels.ts';

// Vitest setup file of the conformance project run by hand (`npx vitest --project conformance`
// with allure-vitest as a reporter): after each scenario's test, label it for Allure and attach
// its evidence, from the scenario's report the vitest face left in task.meta
// (harness/vitestFace/vitestFace.ts), as report/allureWriter.ts does for `run` and `receiver`.
// Listed after allure-vitest/setup in report/conformance.vitest.config.ts, so the harness needs
// no Allure code of its own.

afterEach(async ({ task }) => {
  const meta = task.meta.conformance;
  if (!meta) return;
  const view = allureView({ ...meta, area: meta.group }, requirementCatalogue(meta.subject));
  await allure.epic(view.epic);
  await allure.feature(view.feature);
  for (const story of view.stories) await allure.story(story);
  await allure.severity(view.severity);
  await allure.description(view.description);
  for (const attachment of view.attachments) await allure.attachment(attachment.name, attachment.content, attachment.contentType);
});
