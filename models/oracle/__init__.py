"""Oracle text to abilities, through the lark grammar in oracle.lark."""
