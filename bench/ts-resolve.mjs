// Lets Node 24 run a bench script that imports src/ directly: src's imports name `.js` files
// (as the bundle resolves them), Node's type stripping reads the `.ts` beside them.
import { register } from 'node:module'

register(
  'data:text/javascript,' +
    encodeURIComponent(`export async function resolve(specifier, context, next) {
  try {
    return await next(specifier, context)
  } catch (error) {
    if (specifier.startsWith('.') && specifier.endsWith('.js'))
      return next(specifier.slice(0, -3) + '.ts', context)
    throw error
  }
}`)
)
