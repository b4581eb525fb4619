/** The `design:type` TypeScript emitted for a decorated property, if any. */
export function getDesignType(target: object, propertyName: string): unknown {
  return Reflect.getMetadata('design:type', target, propertyName);
}
