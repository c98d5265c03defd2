"""knockdown"""
