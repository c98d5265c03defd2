"""tash_kalar"""
