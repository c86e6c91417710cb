import { type Emulator, startEmulator } from '../../emulator/emulator.ts';
import { type EmulatorCall, PlanBender } from '../../client/perturbations.ts';
import { RequestRecorder } from '../../client/requestRecorder.ts';

// An emulator whose answers a plan bends, as the client command serves one (client/clientSubject.ts),
// for the tests that call it directly: the client's token, and the suite's own, which is never recorded.

export const CLIENT_TOKEN = 'bent-emulator-client-token';
const SUITE_TOKEN = 'bent-emulator-suite-token';

export async function bentEmulator(
  plan: ConstructorParameters<typeof PlanBender>[0],
): Promise<{ emulator: Emulator; recorder: RequestRecorder }> {
  // The bender calls the emulator it bends, which is made with the bender in it.
  const served: { emulator?: Emulator } = {};
  const call: EmulatorCall = async ({ method, url, headers, body }) => {
    const answer = await served.emulator!.app.inject({
      method: method as 'GET',
      url,
      ...(headers ? { headers } : {}),
      ...(body ? { payload: body } : {}),
    });
    return { status: answer.statusCode, body: answer.body };
  };
  const recorder = new RequestRecorder({ unrecordedToken: SUITE_TOKEN, bend: new PlanBender(plan, call, SUITE_TOKEN) });
  served.emulator = await startEmulator({ tokens: [{ value: CLIENT_TOKEN }, { value: SUITE_TOKEN }], exchanges: recorder });
  return { emulator: served.emulator, recorder };
}
