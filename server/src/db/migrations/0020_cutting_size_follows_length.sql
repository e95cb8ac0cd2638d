-- A single-tip cutting's size follows from its length (domain/listings/plant-facts.ts, cuttingSizeOfLength): up to 9
-- inches it is "6 inch", above "12 inch"; multi-tip stays multi-tip. Listings saved before the rule keep a size that
-- contradicts their length (a 14-inch cutting sold as "12 inch" is right, one sold as "6 inch" is not) until edited;
-- this sets each such listing's size from its length, once. The facet summary follows through its update trigger.
UPDATE products
SET cutting_size = CASE WHEN length_inches <= 9 THEN '6 inch' ELSE '12 inch' END
WHERE form = 'cutting'
  AND length_inches IS NOT NULL
  AND cutting_size IS DISTINCT FROM 'multi-tip'
  AND cutting_size IS DISTINCT FROM (CASE WHEN length_inches <= 9 THEN '6 inch' ELSE '12 inch' END);
