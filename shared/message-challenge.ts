import { solveChallenge } from "altcha-lib/v1";
import type { MessageChallenge } from "./messages";

/**
 * Solves the server's proof-of-work challenge for a message (docs/product.md "Messages from
 * listeners") with altcha-lib, and makes the proof the server checks: base64 JSON of the
 * challenge with the number found. The message form solves it in the browser; the API tests the
 * same way.
 */
export async function solveMessageChallenge(challenge: MessageChallenge): Promise<string> {
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  if (!solution) throw new Error("the challenge could not be solved");
  const proof = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return btoa(JSON.stringify(proof));
}
