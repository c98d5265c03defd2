"""takkure"""
